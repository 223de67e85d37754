// The precision probe's eighth part (round 16, held out, `--part fresh7` of bench/forget-precision-probe.ts):
// 16 small stores written before round 16 changed anything in src/forget/ and before its misses were read,
// as people talk, on topics and names no other part nor src/forget/fixtures/forget-cases.ts uses (an
// aquarium, a drone, ice skating, a model railway, stained glass, a canal boat, a greenhouse, calligraphy,
// a tandem, tarot, karaoke, a ferret, bell ringing, a jigsaw, cider, a hot tub). The "nothing" requests are
// about something NOT stored, one step from a memory: another deed by the same person (sold / bought,
// crashed / flew), another relative (my nephew / my son, my wife / I), another time (Sunday / Saturday,
// 2020 / 2023), another place (the lounge / the garden), another amount, a thing of the same kind (a
// cello / a violin, a rowing boat / the canal boat), a wish against a deed, a role reversed. The "one"
// requests mean exactly one memory and must delete it (paraphrase, possessive, a short noun phrase).
import type { ProbeStore } from './forget-probe-store.ts';

export const FRESH7_PROBE_STORES: ProbeStore[] = [
  {
    memories: ['I keep a tropical aquarium with twelve neon tetras', 'My nephew Arlo won a goldfish at the fair', 'The aquarium heater broke in January'],
    nothing: ['that I keep goldfish', 'that Arlo has an aquarium', 'the aquarium filter that broke', 'my twenty neon tetras'],
    one: [['my fish tank', 'I keep a tropical aquarium with twelve neon tetras']],
  },
  {
    memories: ['I crashed my drone into the lake at Grasmere', 'My son Jory wants a drone for Christmas', 'Drones are banned over the national park'],
    nothing: ['that I bought a drone', 'that Jory crashed his drone', 'my drone crash at Windermere', 'that I want a drone for Christmas'],
    one: [['losing my drone in the lake', 'I crashed my drone into the lake at Grasmere']],
  },
  {
    memories: ['My daughter Saoirse skates at the ice rink every Sunday', 'I fell on the ice and bruised my hip', 'The ice rink is closing for repairs in June'],
    nothing: ['that Saoirse fell on the ice', 'that I skate on Sundays', 'that I broke my hip', 'that Saoirse skates on Saturdays'],
    one: [["Saoirse's skating", 'My daughter Saoirse skates at the ice rink every Sunday']],
  },
  {
    memories: ['My father built a model railway in the loft', 'I sold my grandfather\'s train set in 2020', 'We take the steam train to Pickering every summer'],
    nothing: ['that I built a model railway', 'that I bought a train set', 'the model railway in the garage', 'the steam train to Whitby'],
    one: [["dad's model trains", 'My father built a model railway in the loft']],
  },
  {
    memories: ['I am taking a stained glass course at the community college', 'My wife Ffion teaches pottery at the community college', 'The church window was smashed by vandals'],
    nothing: ['that Ffion takes a stained glass course', 'that I teach pottery', 'that I smashed a window', 'my glass blowing course'],
    one: [['my stained glass class', 'I am taking a stained glass course at the community college']],
  },
  {
    memories: ['We rented a canal boat on the Llangollen canal for a week', 'My brother Cai lives on a narrowboat in London', 'I want to buy a rowing boat'],
    nothing: ['that we bought a canal boat', 'that Cai rented a canal boat', 'that I live on a narrowboat', 'that I bought a rowing boat'],
    one: [['the canal holiday', 'We rented a canal boat on the Llangollen canal for a week']],
  },
  {
    memories: ['I grow chillies in the greenhouse', 'A storm smashed two panes of the greenhouse', 'My mother-in-law Delyth grows prize onions'],
    nothing: ['that I grow onions', 'that Delyth grows chillies', 'the tomatoes in the greenhouse', 'that I smashed the greenhouse'],
    one: [['my chilli plants', 'I grow chillies in the greenhouse']],
  },
  {
    memories: ['I practise calligraphy every evening with a dip pen', 'My son Bryn has terrible handwriting', 'I bought a fountain pen in Kyoto'],
    nothing: ['that Bryn practises calligraphy', 'that I have terrible handwriting', 'the fountain pen I lost', 'that I practise calligraphy in the mornings'],
    one: [['my calligraphy', 'I practise calligraphy every evening with a dip pen']],
  },
  {
    memories: ['My husband Lewin and I ride a tandem on weekends', 'Lewin fell off his bike and broke his collarbone', 'I sold my racing bike last year'],
    nothing: ['that I broke my collarbone', 'that we sold the tandem', 'that Lewin bought a racing bike', 'that we ride the tandem to work'],
    one: [['the tandem rides', 'My husband Lewin and I ride a tandem on weekends']],
  },
  {
    memories: ['My sister Nerys reads tarot cards for her friends', 'I do not believe in horoscopes', 'A psychic told my mother she would move abroad'],
    nothing: ['that I read tarot cards', 'that Nerys does not believe in horoscopes', 'that my mother reads tarot', 'that a psychic told me I would move abroad'],
    one: [["Nerys's tarot readings", 'My sister Nerys reads tarot cards for her friends']],
  },
  {
    memories: ['I sang Bohemian Rhapsody at the office karaoke night', 'My manager Tegan hates karaoke', 'I sing in the church choir'],
    nothing: ['that Tegan sang at karaoke', 'that I hate karaoke', 'that I sang Wonderwall at karaoke', 'that I sing in a rock band'],
    one: [['my karaoke performance', 'I sang Bohemian Rhapsody at the office karaoke night']],
  },
  {
    memories: ['We have two ferrets called Bramble and Moss', 'Bramble escaped under the fence on Tuesday', 'My neighbour keeps chickens'],
    nothing: ['that Moss escaped', 'that we keep chickens', 'that Bramble escaped on Friday', 'our three ferrets'],
    one: [['our ferrets', 'We have two ferrets called Bramble and Moss']],
  },
  {
    memories: ['I ring the bells at St Mary\'s every Thursday evening', 'My uncle Gethin was the vicar of St Mary\'s', 'The church clock has stopped'],
    nothing: ['that Gethin rings the bells', 'that I ring the bells on Sundays', 'that I am the vicar', 'the bells at St John\'s'],
    one: [['my bell ringing', 'I ring the bells at St Mary\'s every Thursday evening']],
  },
  {
    memories: ['I finished a 2,000-piece jigsaw of the Mona Lisa', 'My son Elis lost three pieces of the puzzle', 'My grandmother does the crossword every morning'],
    nothing: ['that I lost pieces of the puzzle', 'my 1,000-piece jigsaw', 'that Elis finished the jigsaw', 'that I do the crossword'],
    one: [['the Mona Lisa jigsaw', 'I finished a 2,000-piece jigsaw of the Mona Lisa']],
  },
  {
    memories: ['We press our own cider from the apple trees in the orchard', 'My wife Olwen is allergic to apples', 'The orchard floods every winter'],
    nothing: ['that we make our own beer', 'that I am allergic to apples', 'that Olwen presses cider', 'the pear trees in the orchard'],
    one: [['our homemade cider', 'We press our own cider from the apple trees in the orchard']],
  },
  {
    memories: ['We put a hot tub in the garden last spring', 'My neighbour complained about the noise from our garden', 'The hot tub at the hotel gave me a rash'],
    nothing: ['that we sold the hot tub', 'the sauna in the garden', 'that I complained about my neighbour', 'the hot tub in the garden this spring'],
    one: [['our hot tub', 'We put a hot tub in the garden last spring']],
  },
];
