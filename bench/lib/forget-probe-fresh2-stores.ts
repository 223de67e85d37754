// The precision probe's third part (round 12, `--part fresh2` of bench/forget-precision-probe.ts): 24 small
// stores written before round 12 changed any code and without reading the matcher, as people talk. The
// "nothing" requests are about something NOT stored, one step from a memory, of the kinds round 11 left
// (another person's act where the person stands behind an appositive or a relative clause; phrasal verbs
// that are opposites — turned down / took, went up / went down, paid back / owe, checked in / checked out;
// event verbs that are not antonyms — died / retired; words a WordNet table may lack — scooter / motorbike,
// checkers / chess; kin — aunt / mother, stepfather / father; own / rent) and others. The "one" requests
// mean exactly one memory and must delete it. Scored untouched once, committed before any fix: held out.
import type { ProbeStore } from './forget-probe-store.ts';

export const FRESH2_PROBE_STORES: ProbeStore[] = [
  {
    memories: ['My old boss Frank retired last spring', 'I switched jobs in April', 'My mentor, Dr Osei, moved to Ghana'],
    nothing: ['that I retired last spring', 'that my mentor died', 'that Frank got fired', 'that I moved to Ghana'],
    one: [['Frank retiring', 'My old boss Frank retired last spring']],
  },
  {
    memories: ['I turned down the flat in Hackney', 'My brother took the job in Leeds', 'We put in an offer on the house on Friday'],
    nothing: ['that I took the flat in Hackney', 'that my brother turned down the job in Leeds', 'that we pulled our offer on the house', 'the flat in Camden'],
  },
  {
    memories: ['Our rent went up by 100 euros', 'The price of petrol went down this month', 'I pay the rent on the first'],
    nothing: ['that our rent went down', 'that petrol went up', 'that I pay the rent on the fifteenth', 'that the rent went up by 200 euros'],
    one: [['the rent going up', 'Our rent went up by 100 euros']],
  },
  {
    memories: ['I ride a scooter to work', 'My son wants a skateboard for Christmas', 'My neighbour Jim sold his motorbike'],
    nothing: ['that I ride a motorbike to work', 'that my son wants a scooter', 'that Jim sold his car', 'that I sold my scooter'],
    one: [['my scooter commute', 'I ride a scooter to work']],
  },
  {
    memories: ['My aunt Rosa has lived with us since March', 'My mother-in-law calls every day', 'Rosa makes the best paella'],
    nothing: ['that my mother lives with us', 'that my aunt calls every day', 'that my grandmother makes paella', 'that Rosa moved out in March'],
  },
  {
    memories: ['We own a small flat in Porto', 'We rent a garage near the station', 'My brother rents out his house in Faro'],
    nothing: ['that we rent a flat in Porto', 'that we own the garage', 'that my brother owns a flat in Porto', 'that we sold the flat in Porto'],
    one: [['our flat in Porto', 'We own a small flat in Porto']],
  },
  {
    memories: ['My grandfather died in 2010', 'My grandmother retired from teaching at seventy', 'My grandfather kept bees'],
    nothing: ['that my grandfather retired in 2010', 'that my grandmother died', 'that my grandmother kept bees', 'that my grandfather was a teacher'],
  },
  {
    memories: ['I play checkers with my dad on Sundays', 'My daughter joined the chess club', 'I lost a bet on the football'],
    nothing: ['that I play chess with my dad', 'that my daughter quit the chess club', 'that I won a bet on the football', 'that I play cards with my dad on Sundays'],
  },
  {
    memories: ['I paid back the loan from my sister', 'My friend Ben owes me for the concert tickets', 'I lent my car to Ben last weekend'],
    nothing: ['that I owe my sister money', 'that I owe Ben for the tickets', 'that Ben lent me his car', 'that my sister paid back my loan'],
    one: [['the concert tickets Ben owes me for', 'My friend Ben owes me for the concert tickets']],
  },
  {
    memories: ['My colleague, who sits next to me, got married in May', 'I got engaged at Christmas', 'We are saving up for the wedding'],
    nothing: ['that I got married in May', 'that my colleague got engaged', 'that I got divorced', 'that we are saving up for a house'],
  },
  {
    memories: ['I signed up for the gym in January', 'My wife gave up yoga', 'I pulled a muscle in my calf'],
    nothing: ['that I cancelled the gym', 'that I gave up yoga', 'that my wife signed up for the gym', 'that I pulled a muscle in my back'],
  },
  {
    memories: ['The kids woke up at five this morning', 'I fell asleep on the sofa', 'My husband snores'],
    nothing: ['that the kids went to bed at five', 'that I fell asleep at my desk', 'that I snore', 'that my husband fell asleep on the sofa'],
    one: [['my husband\'s snoring', 'My husband snores']],
  },
  {
    memories: ['My sister-in-law Hana is pregnant', 'My cousin had a baby girl in June', 'We are thinking about a second child'],
    nothing: ['that my sister is pregnant', 'that my cousin had a baby boy', 'that Hana had a miscarriage', 'that we are having a third child'],
  },
  {
    memories: ['I turned the heating on yesterday', 'The washing machine broke down again', 'The plumber comes on Thursday'],
    nothing: ['that I turned the heating off', 'that the dishwasher broke down', 'that the electrician comes on Thursday', 'that the washing machine was repaired'],
  },
  {
    memories: ['I gave up meat three years ago', 'My son eats chicken every day', 'My partner is trying to cut down on sugar'],
    nothing: ['that I eat meat again', 'that my son gave up meat', 'that my partner cut out sugar completely', 'that I gave up dairy'],
  },
  {
    memories: ['I moved in with my girlfriend in October', 'My best friend Luis broke up with his boyfriend', 'My girlfriend works at the hospital'],
    nothing: ['that I moved out in October', 'that I broke up with my girlfriend', 'that Luis moved in with his boyfriend', 'that my girlfriend works at the school'],
    one: [['moving in with my girlfriend', 'I moved in with my girlfriend in October']],
  },
  {
    memories: ['I caught the flu last week', 'My son got over his cold', 'The doctor gave me antibiotics'],
    nothing: ['that I got over the flu', 'that my son caught the flu', 'that the doctor gave my son antibiotics', 'that I caught covid'],
  },
  {
    memories: ['Our dog Bruno was put down in May', 'We took in a stray cat', 'The vet is on Mill Lane'],
    nothing: ['that Bruno ran away', 'that we gave away the cat', 'that our cat was put down', 'the vet on Church Street'],
    one: [['the stray cat we took in', 'We took in a stray cat']],
  },
  {
    memories: ['My stepfather taught me to fish', 'My uncle owns a boat', 'I went fishing in Norway in 2019'],
    nothing: ['that my father taught me to fish', 'that my stepfather owns a boat', 'that I rent a boat', 'that I went fishing in Sweden'],
  },
  {
    memories: ['I set up a savings account for my granddaughter', 'My grandson dropped out of college', 'I have four grandchildren'],
    nothing: ['that my grandson graduated from college', 'that I closed the savings account', 'that my granddaughter dropped out', 'that I have five grandchildren'],
    one: [['the savings account for my granddaughter', 'I set up a savings account for my granddaughter']],
  },
  {
    memories: ['I checked in to the hotel at noon', 'My flight home got delayed by three hours', 'I picked up a rental car at the airport'],
    nothing: ['that I checked out of the hotel at noon', 'that my flight home was cancelled', 'that I dropped off the rental car', 'that my flight out got delayed'],
  },
  {
    memories: ['My mum looks after the kids on Tuesdays', 'My father-in-law picks them up from school', 'The kids go to a swimming club'],
    nothing: ['that my dad looks after the kids', 'that my mum picks the kids up from school', 'that my father-in-law looks after the kids on Tuesdays', 'that the kids go to a football club'],
    one: [['who looks after the kids on Tuesdays', 'My mum looks after the kids on Tuesdays']],
  },
  {
    memories: ['Our neighbour Mr Patel, a retired pilot, fell off his ladder', 'I cleaned the gutters on Saturday', 'My brother-in-law Tom lost his job at the factory'],
    nothing: ['that I fell off the ladder', 'that I lost my job at the factory', 'that Mr Patel cleaned the gutters', 'that Tom got a job at the factory'],
    one: [['Mr Patel falling off the ladder', 'Our neighbour Mr Patel, a retired pilot, fell off his ladder']],
  },
  {
    memories: ['I bought a second-hand van for the business', 'My business partner Greta wants to sell her share', 'We hired two new drivers'],
    nothing: ['that I sold the van', 'that I want to sell my share', 'that we fired two drivers', 'that Greta bought a van'],
  },
];
