// The precision probe's sixth part (round 14, held out, `--part fresh5` of bench/forget-precision-probe.ts):
// 24 small stores written before round 14 changed anything in src/forget/ and before its guards were read,
// as people talk, on topics and names no other part nor src/forget/fixtures/forget-cases.ts uses (golf,
// hens, a telescope, a vineyard, a fire brigade, an escape room, salsa, a games console, a hedgehog,
// archery, woodwork, jam, a wasp nest, dyed hair, a dating app, a pen pal, a skydive, darts, a kingfisher,
// an appendix, a ukulele, mice in the loft, graffiti, a castle hotel). The "nothing" requests are about
// something NOT stored, one step from a memory: another deed by the same person (sold / bought the
// telescope, Lorcan left / joined the fire brigade), a near-synonym verb (fitted / tested the smoke
// alarms, make / buy jam), a wish asked as a noun (my train journey to Tbilisi, my astronaut training),
// another relative (nephew / niece, my son / I), "we" against the parents, another time (2016 / 2019,
// Tuesday / Friday), another place (Rioja / Bordeaux, Harrogate / Kendal), another thing of the same kind
// (putter / seven iron, rats / mice, banjo / ukulele), a role reversed (Ximena visited me / I visited her).
// The "one" requests mean exactly one memory and must delete it (paraphrase, possessive, a short noun phrase).
// Scored untouched once, committed before any fix: held out. Untouched (base c88b97c): 4 wrong deletions of 96
// requests about nothing stored; 21 of 24 one-memory requests deleted their memory, 0 wrong.
import type { ProbeStore } from './forget-probe-store.ts';

export const FRESH5_PROBE_STORES: ProbeStore[] = [
  {
    memories: ['I shot my first round under ninety at the golf club in April', 'My father-in-law Ruairi plays golf every Sunday', 'I lost my seven iron at the driving range'],
    nothing: ['that Ruairi taught me golf', 'my first round under eighty', 'that I lost my putter', 'that I bought a seven iron'],
    one: [['my lost seven iron', 'I lost my seven iron at the driving range']],
  },
  {
    memories: ['We keep four hens in the back garden', 'A fox killed our cockerel in February', 'My niece Esme collects the eggs when she visits'],
    nothing: ['that we keep ducks in the back garden', 'that a badger killed our cockerel', 'that my nephew collects the eggs', 'that we sold our hens'],
    one: [['the fox and our cockerel', 'A fox killed our cockerel in February']],
  },
  {
    memories: ['I bought a telescope to watch Saturn', 'My daughter Wren wants to be an astronaut', 'We drove to Kielder to see the northern lights'],
    nothing: ['that I sold my telescope', 'that Wren wants to be a pilot', 'the northern lights in Iceland', 'my astronaut training'],
    one: [['my telescope', 'I bought a telescope to watch Saturn']],
  },
  {
    memories: ['We toured a vineyard in Rioja in September', 'My brother Matteo is a sommelier in Turin', 'I gave up red wine because of headaches'],
    nothing: ['that we toured a brewery in Rioja', 'that Matteo is a chef in Turin', 'that I gave up white wine', 'that we toured a vineyard in Bordeaux'],
    one: [['the Rioja vineyard tour', 'We toured a vineyard in Rioja in September']],
  },
  {
    memories: ['My husband Lorcan joined the volunteer fire brigade', 'Our chimney caught fire last winter', 'I fitted new smoke alarms upstairs'],
    nothing: ['that I joined the fire brigade', 'that Lorcan left the fire brigade', 'that our kitchen caught fire', 'that I tested the smoke alarms'],
    one: [['the chimney fire', 'Our chimney caught fire last winter']],
  },
  {
    memories: ['Our team escaped the escape room with two minutes left', 'My colleague Signe organised the team outing', 'I hate bowling'],
    nothing: ['that Signe organised the Christmas party', 'that I organised the team outing', 'that I love bowling', 'that our team failed the escape room'],
    one: [['the escape room with the team', 'Our team escaped the escape room with two minutes left']],
  },
  {
    memories: ['My wife and I take salsa lessons on Wednesdays', 'I stepped on my partner\'s foot at the dance', 'My sister Pilar teaches tango in Buenos Aires'],
    nothing: ['that we take tango lessons', 'that Pilar teaches salsa', 'my salsa lessons on Fridays', 'that Pilar teaches tango in Madrid'],
    one: [['our salsa class', 'My wife and I take salsa lessons on Wednesdays']],
  },
  {
    memories: ['I bought my son Caspian a games console for his birthday', 'Caspian plays football games until midnight', 'I finished a racing game in one weekend'],
    nothing: ['that I bought Caspian a bike', 'that Caspian broke the games console', 'that I play football games until midnight', 'that I bought myself a games console'],
    one: [['the console I got Caspian', 'I bought my son Caspian a games console for his birthday']],
  },
  {
    memories: ['A hedgehog sleeps under our decking', 'I leave mealworms out for the hedgehog', 'My neighbour Thandiwe put up a bird box'],
    nothing: ['that a fox sleeps under our decking', 'that I put up a bird box', 'that I leave milk out for the hedgehog', 'that Thandiwe took down the bird box'],
    one: [['the hedgehog under the decking', 'A hedgehog sleeps under our decking']],
  },
  {
    memories: ['I joined an archery club in Harrogate', 'My bow string snapped at the tournament', 'My cousin Florin won a medal in archery'],
    nothing: ['that I won a medal in archery', 'that Florin joined the archery club', 'the archery club in Kendal', 'that my arrow snapped at the tournament'],
    one: [['the snapped bow string', 'My bow string snapped at the tournament']],
  },
  {
    memories: ['I built a bookshelf for my daughter\'s room', 'My grandad Eero was a carpenter in Finland', 'I cut my thumb on the circular saw'],
    nothing: ['that I built a wardrobe for my daughter\'s room', 'that I painted the bookshelf', 'that Eero was a plumber', 'that I cut my thumb on a kitchen knife'],
    one: [['the saw accident', 'I cut my thumb on the circular saw']],
  },
  {
    memories: ['I make plum jam every autumn', 'My mother-in-law Ilse won a prize for her chutney', 'The jar of jam exploded in the cupboard'],
    nothing: ['that I make strawberry jam', 'that Ilse won a prize for her jam', 'that I won a prize for my chutney', 'that I buy plum jam every autumn'],
    one: [['my plum jam', 'I make plum jam every autumn']],
  },
  {
    memories: ['There is a wasp nest in the attic', 'I got stung by a bee on my lip', 'The pest controller comes on Tuesday at nine'],
    nothing: ['the wasp nest in the shed', 'that my son got stung by a bee', 'that I got stung by a wasp', 'the pest controller on Thursday'],
    one: [['the bee sting', 'I got stung by a bee on my lip']],
  },
  {
    memories: ['I dyed my hair blue for the festival', 'My barber Jovan retired in December', 'My daughter shaved her head for charity'],
    nothing: ['that I dyed my hair green', 'that my daughter dyed her hair blue', 'that I shaved my head for charity', 'that Jovan opened a new barber shop'],
    one: [['my blue hair', 'I dyed my hair blue for the festival']],
  },
  {
    memories: ['I met my girlfriend Dagny on a dating app', 'My best friend set me up on a blind date that went badly', 'Dagny and I split the bill on our first date'],
    nothing: ['that I met Dagny at a wedding', 'that I deleted the dating app', 'that Dagny set me up on a blind date', 'that I paid the whole bill on our first date'],
    one: [['how I met Dagny', 'I met my girlfriend Dagny on a dating app']],
  },
  {
    memories: ['I have had a pen pal in Chile since I was twelve', 'My pen pal Ximena visited us in 2019', 'I keep all her letters in a shoebox under the bed'],
    nothing: ['that I visited Ximena in Chile', 'my pen pal in Peru', 'that I keep her letters in the attic', 'that I burned her letters'],
    one: [['the letters in the shoebox', 'I keep all her letters in a shoebox under the bed']],
  },
  {
    memories: ['I did a charity skydive for the hospice', 'My fiancé Odhran is scared of heights', 'We went paragliding in Slovenia'],
    nothing: ['that Odhran did a skydive', 'that I am scared of heights', 'that we went paragliding in Austria', 'my bungee jump for the hospice'],
    one: [['the skydive for charity', 'I did a charity skydive for the hospice']],
  },
  {
    memories: ['Our darts team came second in the league on Tuesday', 'My brother-in-law Benedikt keeps the score at darts', 'I hit a bullseye for the first time'],
    nothing: ['that our darts team won the league', 'that I keep the score at darts', 'that our darts team came second on Friday', 'that Benedikt hit a bullseye'],
    one: [['the bullseye I hit', 'I hit a bullseye for the first time']],
  },
  {
    memories: ['I saw a kingfisher by the weir on Sunday', 'My stepson Viggo keeps a list of every bird he sees', 'The squirrels keep raiding the bird feeder'],
    nothing: ['that I saw an otter by the weir', 'that I saw a kingfisher at the lake', 'that Viggo saw a kingfisher', 'that the squirrels broke the bird feeder'],
    one: [['the kingfisher at the weir', 'I saw a kingfisher by the weir on Sunday']],
  },
  {
    memories: ['I had my appendix out in 2016', 'My brother Bartek spent a week in hospital with pneumonia', 'I hate hospital food'],
    nothing: ['that Bartek had his appendix out', 'that I had my tonsils out in 2016', 'that I spent a week in hospital with pneumonia', 'that I had my appendix out in 2019'],
    one: [['my appendix operation', 'I had my appendix out in 2016']],
  },
  {
    memories: ['I taught myself the ukulele during lockdown', 'My daughter Saoirse plays the trombone in the school band', 'I busked in the market square once'],
    nothing: ['that I taught myself the banjo', 'that Saoirse plays the ukulele', 'that I busked at the train station', 'that I taught Saoirse the trombone'],
    one: [['the busking in the market square', 'I busked in the market square once']],
  },
  {
    memories: ['We have mice in the loft', 'My partner set traps behind the fridge', 'Our cat Mungo brings in dead mice'],
    nothing: ['that we have rats in the loft', 'that we have mice in the cellar', 'that I set traps behind the fridge', 'that Mungo brings in dead birds'],
    one: [['the mice up in the loft', 'We have mice in the loft']],
  },
  {
    memories: ['Someone sprayed graffiti on our garage door', 'I reported the graffiti to the council', 'My landlord Quentin repainted the front door'],
    nothing: ['graffiti on our front door', 'that I repainted the garage door', 'that Quentin reported the graffiti', 'that I reported the noise to the council'],
    one: [['the graffiti on the garage', 'Someone sprayed graffiti on our garage door']],
  },
  {
    memories: ['My parents spent their anniversary in Salzburg', 'We stayed in a castle hotel near Salzburg', 'I want to take the train across Georgia to Tbilisi'],
    nothing: ['that we spent our anniversary in Salzburg', 'that my parents stayed in a castle hotel', 'my train journey to Tbilisi', 'that we stayed in a castle hotel near Innsbruck'],
    one: [['the castle hotel', 'We stayed in a castle hotel near Salzburg']],
  },
];
