// The precision probe's seventh part (round 15, held out, `--part fresh6` of bench/forget-precision-probe.ts):
// 24 small stores written before round 15 changed anything in src/forget/ and before its misses were read,
// as people talk, on topics and names no other part nor src/forget/fixtures/forget-cases.ts uses (a quilt,
// fencing, surfing, orienteering, a triathlon, magic tricks, origami, metal detecting, tennis elbow, a sauna,
// ice hockey, a paddleboard, vinyl records, a hot air balloon, a tractor, a zipline, a koi pond, gingerbread,
// mushroom foraging, snowboarding, cricket, whisky, a campervan, a dental implant). The "nothing" requests are
// about something NOT stored, one step from a memory: another deed by the same person (sold / bought, won /
// lost), a near-synonym thing (a canoe / the paddleboard, a cello / the accordion), another relative (my
// nephew / my son, my wife / I), another time (2018 / 2021, Saturday / Sunday), another place (Cornwall /
// Devon, the loft / the garage), another amount (a hundred / fifty), a wish against a deed, a role reversed.
// The "one" requests mean exactly one memory and must delete it (paraphrase, possessive, a short noun phrase,
// "that thing about …").
import type { ProbeStore } from './forget-probe-store.ts';

export const FRESH6_PROBE_STORES: ProbeStore[] = [
  {
    memories: ['My grandmother Brigid sewed me a patchwork quilt for my wedding', 'I keep the quilt in the cedar chest', 'My aunt knits jumpers for the whole family'],
    nothing: ['that Brigid knitted me a jumper', 'the quilt I bought at the market', 'that my aunt sewed my wedding dress', 'the quilt Brigid made for my sister'],
    one: [['the wedding quilt from my gran', 'My grandmother Brigid sewed me a patchwork quilt for my wedding']],
  },
  {
    memories: ['My son Eamon fences epee at the regional club', 'Eamon sprained his ankle at a tournament in March', 'I coach the club beginners on Thursdays'],
    nothing: ['that Eamon fences sabre', 'that I sprained my ankle in March', 'that Eamon broke his ankle', 'that I coach the beginners on Tuesdays'],
    one: [["Eamon's fencing", 'My son Eamon fences epee at the regional club']],
  },
  {
    memories: ['I learned to surf in Cornwall last summer', 'My board got snapped in a storm', 'My wife Linnea prefers swimming in the lake'],
    nothing: ['that I learned to surf in Devon', 'that Linnea learned to surf', 'that my board was stolen', 'that I want to learn to surf'],
    one: [['my surfing lessons in Cornwall', 'I learned to surf in Cornwall last summer']],
  },
  {
    memories: ['We came third in the orienteering race at Kielder Forest', 'My compass is in the glovebox', 'Our team captain Solveig planned the route'],
    nothing: ['that we won the orienteering race', 'that Solveig came third', 'my compass is in the rucksack', 'the orienteering race in the Lake District'],
    one: [['the orienteering result', 'We came third in the orienteering race at Kielder Forest']],
  },
  {
    memories: ['I signed up for my first triathlon in July', 'My brother Jakub finished an Ironman in under twelve hours', 'I cannot swim front crawl yet'],
    nothing: ['that I finished an Ironman', 'that Jakub signed up for a triathlon', 'my triathlon in September', 'that I cannot ride a bike'],
    one: [['the triathlon I entered', 'I signed up for my first triathlon in July']],
  },
  {
    memories: ['My daughter Ottilie does magic tricks at birthday parties', 'I bought her a top hat for Christmas', 'Ottilie is afraid of clowns'],
    nothing: ['that Ottilie does face painting at parties', 'that I do magic tricks', 'that I bought her a wand', 'that Ottilie is afraid of dogs'],
    one: [["Ottilie's magic shows", 'My daughter Ottilie does magic tricks at birthday parties']],
  },
  {
    memories: ['I folded a thousand paper cranes for my sister Maren', 'Maren is recovering from chemotherapy', 'I teach origami at the library once a month'],
    nothing: ['that I folded a hundred paper cranes', 'that Maren teaches origami', 'that my brother had chemotherapy', 'that I teach origami at the school'],
    one: [['the thousand cranes', 'I folded a thousand paper cranes for my sister Maren']],
  },
  {
    memories: ['I found a Roman coin with my metal detector near the river', 'The farmer Fergal lets me detect on his fields', 'I handed the coin to the museum'],
    nothing: ['that I found a Roman ring', 'that Fergal found a coin', 'that I sold the coin', 'that I lost my metal detector'],
    one: [['the Roman coin I found', 'I found a Roman coin with my metal detector near the river']],
  },
  {
    memories: ['I have tennis elbow in my right arm', 'My physio gave me a strap to wear', 'I play tennis with my neighbour Kwame on Saturdays'],
    nothing: ['that I have tennis elbow in my left arm', 'that Kwame has tennis elbow', 'that I play squash on Saturdays', 'that I play tennis with Kwame on Sundays'],
    one: [['my tennis elbow', 'I have tennis elbow in my right arm']],
  },
  {
    memories: ['We built a sauna at the bottom of the garden', 'My father-in-law Thaddeus goes ice swimming every January', 'The garden shed leaks'],
    nothing: ['that we bought a hot tub', 'that I go ice swimming', 'that we built a shed at the bottom of the garden', 'that Thaddeus built a sauna'],
    one: [['the sauna we built', 'We built a sauna at the bottom of the garden']],
  },
  {
    memories: ['My son Bodhi plays goalie for the under-twelve ice hockey team', 'Bodhi needs new skates before the season', 'I drive the team bus on away games'],
    nothing: ['that Bodhi plays defence', 'that I need new skates', 'that Bodhi plays football', 'that I drive the team bus on home games'],
    one: [['Bodhi being goalie', 'My son Bodhi plays goalie for the under-twelve ice hockey team']],
  },
  {
    memories: ['I fell off my paddleboard in the harbour in front of everyone', 'My paddleboard is stored at the sailing club', 'My friend Anouk sells wetsuits'],
    nothing: ['that I fell out of a canoe', 'that Anouk fell off her paddleboard', 'that I sold my paddleboard', 'that I bought a wetsuit from Anouk'],
    one: [['that embarrassing fall in the harbour', 'I fell off my paddleboard in the harbour in front of everyone']],
  },
  {
    memories: ['I collect vinyl records and own about 900 of them', 'My most valuable record is a signed Nina Simone album', 'My flatmate Cosmin plays the accordion'],
    nothing: ['that I collect CDs', 'that I own about 200 records', 'that Cosmin collects records', 'that I play the accordion'],
    one: [['my record collection', 'I collect vinyl records and own about 900 of them']],
  },
  {
    memories: ['My husband booked us a hot air balloon ride for our anniversary', 'I am scared of heights', 'Our anniversary is on the 2nd of August'],
    nothing: ['that we booked a helicopter ride', 'that my husband is scared of heights', 'that I booked the balloon ride', 'our anniversary on the 9th of August'],
    one: [['the balloon ride', 'My husband booked us a hot air balloon ride for our anniversary']],
  },
  {
    memories: ['My uncle Nnamdi restored an old red tractor', 'I crashed the tractor into the gate when I was fifteen', 'The farm gate was replaced in 2018'],
    nothing: ['that Nnamdi crashed the tractor', 'that I restored the tractor', 'that the farm gate was replaced in 2021', 'the blue tractor'],
    one: [['the time I drove the tractor into the gate', 'I crashed the tractor into the gate when I was fifteen']],
  },
  {
    memories: ['My daughter Yara went on a zipline over a gorge in Costa Rica', 'We saw sloths in Costa Rica', 'Yara wants to study biology'],
    nothing: ['that Yara went bungee jumping', 'that I went on a zipline', 'that we saw monkeys in Costa Rica', 'that Yara studies chemistry'],
    one: [['the zipline in Costa Rica', 'My daughter Yara went on a zipline over a gorge in Costa Rica']],
  },
  {
    memories: ['A heron ate three of the koi from our pond', 'The pond pump broke in June', 'My neighbour Ifeoma feeds the fish when we are away'],
    nothing: ['that a cat ate the koi', 'that the pond pump broke in August', 'that Ifeoma has a koi pond', 'that a heron ate the goldfish at the garden centre'],
    one: [['the heron and the koi', 'A heron ate three of the koi from our pond']],
  },
  {
    memories: ['I bake a gingerbread house with the kids every December', 'My gingerbread recipe came from my mother-in-law Henrike', 'The oven door does not close properly'],
    nothing: ['that I bake a gingerbread house at Easter', 'that Henrike bakes with the kids', 'my brownie recipe', 'that the fridge door does not close'],
    one: [['the gingerbread recipe', 'My gingerbread recipe came from my mother-in-law Henrike']],
  },
  {
    memories: ['I got sick after eating mushrooms I foraged in the woods', 'My friend Radu runs foraging walks', 'I grow oyster mushrooms in the cellar'],
    nothing: ['that Radu got sick from mushrooms', 'that I grow mushrooms in the garage', 'that I got sick after eating oysters', 'that I run foraging walks'],
    one: [['that time the mushrooms made me ill', 'I got sick after eating mushrooms I foraged in the woods']],
  },
  {
    memories: ['I broke my collarbone snowboarding in Andorra', 'My wife Dunja skis but never snowboards', 'We rent a chalet in Andorra every February'],
    nothing: ['that I broke my collarbone skiing in Austria', 'that Dunja broke her collarbone', 'that we bought a chalet in Andorra', 'that I broke my wrist snowboarding'],
    one: [['my snowboarding accident', 'I broke my collarbone snowboarding in Andorra']],
  },
  {
    memories: ['I took five wickets for the village cricket team on Saturday', 'The cricket pavilion needs a new roof', 'My father-in-law Florian umpires the home games'],
    nothing: ['that I took five wickets on Sunday', 'that Florian took five wickets', 'that I scored fifty runs', 'that the pavilion needs new windows'],
    one: [['my five wickets', 'I took five wickets for the village cricket team on Saturday']],
  },
  {
    memories: ['I am saving a bottle of 25-year-old whisky for when my son graduates', 'My son Teodoro studies engineering in Glasgow', 'I gave up drinking spirits on weeknights'],
    nothing: ['that I drank the 25-year-old whisky', 'a bottle of champagne for when my son graduates', 'that Teodoro studies medicine', 'that I gave up wine on weeknights'],
    one: [['the whisky I am keeping for the graduation', 'I am saving a bottle of 25-year-old whisky for when my son graduates']],
  },
  {
    memories: ['We are converting an old van into a campervan', 'My partner Ruxandra welded the roof rack', 'We want to drive the campervan to Norway'],
    nothing: ['that we bought a campervan', 'that I welded the roof rack', 'that we drove the campervan to Norway', 'that we want to drive to Portugal'],
    one: [['the van conversion', 'We are converting an old van into a campervan']],
  },
  {
    memories: ['I had a dental implant fitted after losing a tooth in a bike crash', 'The implant cost 2,400 pounds', 'My son Orrin needs braces'],
    nothing: ['that I lost a tooth playing rugby', 'that my son had an implant', 'that the implant cost 1,200 pounds', 'that I need braces'],
    one: [['my dental implant', 'I had a dental implant fitted after losing a tooth in a bike crash']],
  },
];
