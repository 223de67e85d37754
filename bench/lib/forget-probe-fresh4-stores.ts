// The precision probe's fifth part (round 13, held out, `--part fresh4` of bench/forget-precision-probe.ts):
// 24 small stores written after round 13's precision guards were merged (base 8249d96) but before reading
// src/forget/ or the wrong deletions those guards were fitted to, as people talk, on topics and names the
// other parts do not use (reading glasses, a mortgage, a best man speech, a speeding ticket, blood
// donation, sailing, tinnitus, camping, a surprise party, a house move, stamps, a kayak, an allotment, a
// bonsai, a podcast, diving, a cruise, a christening, a book club, a scratch card, records, a caravan,
// asthma, a crossword). The "nothing" requests are about something NOT stored, one step from a memory:
// another relative (father / grandmother, son / daughter), another time (July / August, last October /
// next October), a plan against a deed (planning to camp / the trip we took, want to kayak the Danube /
// kayaked it), a role reversed (Imogen proposed to Callum), another place (Malta / Cyprus, Whitby /
// Scarborough), another part (the turntable's needle / belt), another amount (800 / 600 pounds, 300 /
// 3000 listeners), another eye or ear, owning against renting, a thing of the same kind (sunglasses /
// reading glasses, Sunday / Saturday crossword). The "one" requests mean exactly one memory and must
// delete it (paraphrase, possessive, "that I…", a short noun phrase).
// Scored untouched once, committed before any fix: held out.
import type { ProbeStore } from './forget-probe-store.ts';

export const FRESH4_PROBE_STORES: ProbeStore[] = [
  {
    memories: ['I started wearing reading glasses last autumn', 'My son Hugo has an eye test on the 9th of March', 'I had laser surgery on my right eye in 2017'],
    nothing: ['my new sunglasses', 'that Hugo needs glasses', 'the laser surgery on my left eye', 'my daughter\'s eye test'],
    one: [['my reading glasses', 'I started wearing reading glasses last autumn'], ['the laser eye operation', 'I had laser surgery on my right eye in 2017']],
  },
  {
    memories: ['We took out a 25-year mortgage with Nordbank in 2021', 'My brother-in-law Declan is a mortgage broker', 'Our fixed rate ends next October'],
    nothing: ['that we paid off the mortgage', 'that Declan took out a mortgage', 'our 30-year mortgage', 'that our fixed rate ended last October'],
    one: [['our mortgage with Nordbank', 'We took out a 25-year mortgage with Nordbank in 2021']],
  },
  {
    memories: ['I am giving the best man speech at Callum\'s wedding', 'I was too nervous to speak at my sister\'s wedding', 'Callum proposed to Imogen in Galway'],
    nothing: ['the speech I gave at my sister\'s wedding', 'that Imogen proposed to Callum', 'that Callum proposed in Bergen', 'the best man speech at my brother\'s wedding'],
    one: [['my best man speech for Callum', 'I am giving the best man speech at Callum\'s wedding']],
  },
  {
    memories: ['I got a speeding ticket near Inverness in July', 'My wife Nadia has never had a parking fine', 'The speed camera on the ring road is broken'],
    nothing: ['that Nadia got a speeding ticket', 'my speeding ticket in August', 'the speed camera on the motorway', 'that I paid a parking fine in Inverness'],
    one: [['the ticket I got for speeding', 'I got a speeding ticket near Inverness in July']],
  },
  {
    memories: ['I give blood every four months', 'My blood type is O negative', 'My father Rashid needed a transfusion after his accident'],
    nothing: ['that I needed a transfusion', 'Rashid\'s blood type', 'my blood pressure', 'that my father gives blood'],
    one: [['my blood group', 'My blood type is O negative']],
  },
  {
    memories: ['I am learning to sail on the lake at weekends', 'My uncle Soren owns a small yacht in Bergen', 'I got seasick on the ferry to Bergen'],
    nothing: ['that I own a yacht', 'that Soren is learning to sail', 'that I got seasick on the plane', 'the ferry to Aberdeen'],
    one: [['the seasickness on the Bergen ferry', 'I got seasick on the ferry to Bergen'], ['my sailing lessons', 'I am learning to sail on the lake at weekends']],
  },
  {
    memories: ['I have tinnitus in my left ear', 'My grandmother Lotte refuses to wear her hearing aid', 'I went to a loud concert in Ghent in May'],
    nothing: ['that I wear a hearing aid', 'the tinnitus in my right ear', 'that Lotte has tinnitus', 'the concert in Ghent I missed'],
    one: [['the ringing in my ear', 'I have tinnitus in my left ear']],
  },
  {
    memories: ['We are planning to go camping in the Lake District in August', 'Our tent leaked on the first night in Brittany', 'My son Felix lost his sleeping bag at scout camp'],
    nothing: ['the camping trip we took in the Lake District', 'that my tent was stolen', 'that Felix lost his tent', 'my sleeping bag'],
    one: [['the leaky tent in Brittany', 'Our tent leaked on the first night in Brittany']],
  },
  {
    memories: ['I am throwing a surprise party for Gemma\'s fortieth', 'Gemma hates being the centre of attention', 'I booked the back room of the Crown pub for the 12th'],
    nothing: ['that Gemma threw me a surprise party', 'my own fortieth', 'that I booked the Crown pub for the 19th', 'that I cancelled the party'],
    one: [['Gemma\'s surprise party', 'I am throwing a surprise party for Gemma\'s fortieth']],
  },
  {
    memories: ['We move to the new house in Brighton on the 3rd of April', 'The removal van costs 800 pounds', 'My mother-in-law wants us to move closer to her'],
    nothing: ['that we moved to Brighton last year', 'the removal van for 600 pounds', 'that my mother-in-law is moving to Brighton', 'that we want to move closer to my mother-in-law'],
    one: [['the cost of the removal van', 'The removal van costs 800 pounds']],
  },
  {
    memories: ['I collect old stamps from the Soviet era', 'My grandfather left me his coin collection', 'I sold a rare stamp for 300 pounds'],
    nothing: ['that I collect coins', 'that I bought a rare stamp', 'my grandmother\'s coin collection', 'the stamp I sold for 100 pounds'],
    one: [['the coins my grandad left me', 'My grandfather left me his coin collection']],
  },
  {
    memories: ['I capsized my kayak on the river last summer', 'My friend Tariq builds wooden canoes', 'I want to kayak down the Danube one day'],
    nothing: ['that I kayaked down the Danube', 'that Tariq capsized', 'that I build canoes', 'my kayak trip this summer'],
    one: [['the time I capsized', 'I capsized my kayak on the river last summer']],
  },
  {
    memories: ['I rent an allotment behind the railway station', 'Slugs ate all my lettuces in June', 'My neighbour Ewan gives me his spare rhubarb'],
    nothing: ['that I own the allotment', 'that slugs ate my cabbages', 'that I give Ewan rhubarb', 'the allotment behind the church'],
    one: [['the slugs and my lettuces', 'Slugs ate all my lettuces in June']],
  },
  {
    memories: ['I am repotting my juniper bonsai this weekend', 'My aunt Yuki teaches bonsai classes', 'I forgot to water the orchid and it died'],
    nothing: ['that my bonsai died', 'that I teach bonsai classes', 'that I repotted the orchid', 'Yuki\'s juniper'],
    one: [['the orchid I let die', 'I forgot to water the orchid and it died']],
  },
  {
    memories: ['I started a podcast about local history with Marek', 'Marek does all the editing', 'Our podcast has 300 listeners'],
    nothing: ['that I do the editing', 'my podcast about football', 'that our podcast has 3000 listeners', 'that Marek quit the podcast'],
    one: [['that Marek edits the podcast', 'Marek does all the editing']],
  },
  {
    memories: ['I got my scuba diving licence in Egypt', 'My husband panics under water', 'I saw a shark on a dive off Malta'],
    nothing: ['that my husband got a diving licence', 'that I panic under water', 'the shark I saw off Cyprus', 'my scuba licence from Thailand'],
    one: [['the shark in Malta', 'I saw a shark on a dive off Malta']],
  },
  {
    memories: ['My parents are going on a Baltic cruise in June', 'I get claustrophobic in small cabins', 'We cancelled our Caribbean cruise because of the hurricane'],
    nothing: ['that I went on a Baltic cruise', 'that my parents cancelled their cruise', 'that my parents are claustrophobic', 'the Mediterranean cruise we booked'],
    one: [['that we called off the Caribbean cruise', 'We cancelled our Caribbean cruise because of the hurricane']],
  },
  {
    memories: ['I am godmother to my niece Aoife', 'Aoife\'s christening is on the 21st of September', 'I bought a silver bracelet as a christening gift'],
    nothing: ['that I am godmother to my nephew', 'Aoife\'s birthday on the 21st of September', 'the silver necklace I bought', 'that my sister is Aoife\'s godmother'],
    one: [['the christening present', 'I bought a silver bracelet as a christening gift']],
  },
  {
    memories: ['I host the book club on the first Thursday of the month', 'Fatima recommended a novel I could not finish', 'I am reading a biography of Churchill'],
    nothing: ['that I recommended a novel to Fatima', 'that Fatima hosts the book club', 'a biography of Lincoln', 'that I finished the novel Fatima recommended'],
    one: [['the Churchill biography', 'I am reading a biography of Churchill']],
  },
  {
    memories: ['I won 50 pounds on a scratch card', 'My colleague Vikram buys lottery tickets every week', 'My grandmother once won a car in a raffle'],
    nothing: ['that I won the lottery', 'that Vikram won 50 pounds', 'that I buy lottery tickets every week', 'that my grandmother won a holiday in a raffle'],
    one: [['the scratch card win', 'I won 50 pounds on a scratch card']],
  },
  {
    memories: ['I inherited my father\'s record collection', 'The turntable needs a new needle', 'I bought a signed album in a shop in Bologna'],
    nothing: ['my mother\'s record collection', 'that the turntable needs a new belt', 'the signed album I sold', 'the shop in Bologna that closed'],
    one: [['my dad\'s records', 'I inherited my father\'s record collection']],
  },
  {
    memories: ['My in-laws have a static caravan near Whitby', 'We spent Easter in the caravan', 'Our car broke down towing a trailer on the A1'],
    nothing: ['that we bought a caravan', 'the caravan near Scarborough', 'that we spent Christmas in the caravan', 'that our car broke down towing the caravan'],
    one: [['the breakdown on the A1', 'Our car broke down towing a trailer on the A1']],
  },
  {
    memories: ['My son Jasper has asthma', 'I keep a spare inhaler in the glove box', 'Jasper had an asthma attack at football in October'],
    nothing: ['that I have asthma', 'the inhaler in my handbag', 'that Jasper had an asthma attack at swimming', 'that my daughter has asthma'],
    one: [['the inhaler in the car', 'I keep a spare inhaler in the glove box']],
  },
  {
    memories: ['I do the crossword in the Saturday paper', 'My wife Leila beat me at Scrabble on Sunday', 'I sang karaoke at the office party and forgot the words'],
    nothing: ['that I beat Leila at Scrabble', 'that I sang at my wedding', 'the Sunday crossword', 'that Leila sang karaoke'],
    one: [['the karaoke disaster at the office party', 'I sang karaoke at the office party and forgot the words']],
  },
];
