// The precision probe's fresh part (round 11, `--part fresh` of bench/forget-precision-probe.ts): 24 small stores
// written before the WordNet guard was built and without reading the first part's wrong deletions, as people
// talk. Each "nothing" request is about something NOT stored but one step from a memory: a sibling of its word
// (niece / nephew, elbow / shoulder, tea / coffee), an opposite (won / lost, accepted / rejected, love / hate),
// another person's deed, another date or number. The "one" requests mean exactly one memory and must delete it.
import type { ProbeStore } from './forget-probe-store.ts';

export const FRESH_PROBE_STORES: ProbeStore[] = [
  {
    memories: ['My nephew Oskar turned eight in March', 'My niece is studying medicine in Vienna', 'I bought Oskar a bike for his birthday'],
    nothing: ['that my niece turned eight', 'my nephew studying medicine', 'that I bought Oskar a scooter', 'that Oskar turned nine'],
    one: [['the bike I got Oskar', 'I bought Oskar a bike for his birthday']],
  },
  {
    memories: ['I hurt my shoulder lifting boxes', 'My wife has a bad knee', 'I started physiotherapy on Monday'],
    nothing: ['that I hurt my elbow', 'my wife\'s bad hip', 'that I stopped physiotherapy', 'that my wife hurt her shoulder'],
  },
  {
    memories: ['We adopted a rabbit called Biscuit', 'My son is allergic to horses', 'The rabbit hutch needs a new roof'],
    nothing: ['that we adopted a hamster', 'that my son is allergic to rabbits', 'that my daughter is allergic to horses', 'the guinea pig we had'],
    one: [['Biscuit the rabbit', 'We adopted a rabbit called Biscuit']],
  },
  {
    memories: ['I won the chess tournament at the club', 'My friend Karl lost his chess set on the train', 'I play chess every Thursday'],
    nothing: ['that I lost the chess tournament', 'that Karl won the tournament', 'that I play checkers every Thursday', 'that I found my chess set'],
    one: [['the chess tournament I won', 'I won the chess tournament at the club']],
  },
  {
    memories: ['I drink three cups of coffee a day', 'My wife only drinks green tea', 'I quit sugar last year'],
    nothing: ['that I drink three cups of tea', 'that my wife drinks coffee', 'that I quit salt', 'that I quit coffee last year'],
  },
  {
    memories: ['I sold my grandmother\'s ring', 'My sister inherited the family piano', 'I am selling my old guitar online'],
    nothing: ['that I bought a ring', 'that my sister inherited the ring', 'that I am selling my old violin', 'that I inherited the piano'],
  },
  {
    memories: ['The heating broke in November', 'The landlord fixed the fridge in a day', 'Our electricity bill doubled this winter'],
    nothing: ['that the heating was fixed', 'that the landlord broke the fridge', 'the gas bill', 'that our electricity bill halved'],
  },
  {
    memories: ['I speak fluent Spanish', 'My husband is learning Portuguese', 'I forgot most of my German'],
    nothing: ['that I speak fluent Italian', 'that my husband is learning Spanish', 'that I remember my German', 'that I forgot my French'],
    one: [['that I speak Spanish', 'I speak fluent Spanish']],
  },
  {
    memories: ['I arrived in Dublin on Tuesday', 'My cousin is leaving Dublin next month', 'The hotel in Dublin was cheap'],
    nothing: ['that I left Dublin on Tuesday', 'that I arrived in Cork', 'the expensive hotel in Dublin', 'that my cousin arrived in Dublin'],
  },
  {
    memories: ['I accepted the offer from the startup', 'My partner turned down a job in Munich', 'I start the new job on the first of March'],
    nothing: ['that I rejected the offer', 'that my partner accepted the job in Munich', 'that I start the new job on the first of April', 'that I quit the startup'],
  },
  {
    memories: ['My tooth was pulled out last Wednesday', 'My dentist is Dr Weber', 'My husband needs braces'],
    nothing: ['the tooth filling', 'my dentist Dr Fischer', 'that I need braces', 'that my tooth was pulled on Friday'],
  },
  {
    memories: ['I am happy in my new flat', 'My roommate is sad about her breakup', 'We painted the living room white'],
    nothing: ['that I am sad in my new flat', 'that my roommate is happy', 'that we painted the living room black', 'that we painted the bedroom white'],
  },
  {
    memories: ['I grew up in a small village in Wales', 'My mother moved to Scotland after the divorce', 'My grandparents had a farm with sheep'],
    nothing: ['that I grew up in a village in Ireland', 'that my father moved to Scotland', 'the farm with cows', 'that I moved to Scotland'],
  },
  {
    memories: ['I go swimming on Wednesday mornings', 'My son plays tennis on Saturdays', 'I gave up cycling after my accident'],
    nothing: ['that I play tennis', 'that my son plays squash', 'that I go swimming on Friday mornings', 'that I gave up running'],
  },
  {
    memories: ['I borrowed 500 euros from my uncle', 'My uncle Piotr lives in Krakow', 'I paid back my student loan'],
    nothing: ['that I lent my uncle 500 euros', 'my aunt in Krakow', 'that I borrowed 300 euros from my uncle', 'that I still owe my student loan'],
    one: [['the money I borrowed from my uncle', 'I borrowed 500 euros from my uncle']],
  },
  {
    memories: ['I was born in 1984', 'My twin sister was born ten minutes after me', 'My son was born in a taxi'],
    nothing: ['that I was born in 1986', 'that my son was born at home', 'that my daughter was born in a taxi', 'my twin brother'],
  },
  {
    memories: ['I love winter', 'My husband hates the cold', 'We go skiing in February'],
    nothing: ['that I hate winter', 'that I love summer', 'that my husband loves the cold', 'that we go skiing in March'],
    one: [['that I love winter', 'I love winter']],
  },
  {
    memories: ['I increased my pension contributions', 'My salary went up by ten percent', 'I opened a savings account for my daughter'],
    nothing: ['that I decreased my pension contributions', 'that my salary went down', 'that I closed the savings account', 'the savings account for my son'],
  },
  {
    memories: ['My apple tree died in the drought', 'The cherry tree is full of blossom', 'I cut down the old oak by the fence'],
    nothing: ['that my pear tree died', 'the plum tree in blossom', 'that I cut down the old pine', 'that my apple tree is full of blossom'],
    one: [['the apple tree that died', 'My apple tree died in the drought']],
  },
  {
    memories: ['I came first in the school spelling contest', 'My friend came last in the race', 'I was late for my own graduation'],
    nothing: ['that I came last in the spelling contest', 'that I was early for my graduation', 'that my friend came first in the race', 'that I was late for my wedding'],
    one: [['being late to my graduation', 'I was late for my own graduation']],
  },
  {
    memories: ['I am renting a van on Saturday to move', 'My brother lent me his truck last year', 'I sold my motorbike in 2021'],
    nothing: ['that I bought a van', 'that my brother lent me his van', 'that I sold my scooter in 2021', 'that I sold my motorbike in 2019'],
  },
  {
    memories: ['I admire my old teacher Mrs Hall', 'My old teacher Mrs Hall retired in June', 'I teach piano to children'],
    nothing: ['that Mrs Hall died in June', 'that I retired in June', 'that I teach guitar to children', 'that I teach piano to adults'],
  },
  {
    memories: ['I am a night owl and hate mornings', 'My wife wakes up at five', 'I take a nap after lunch'],
    nothing: ['that I wake up at five', 'that my wife takes a nap', 'that I take a nap after dinner', 'that I love mornings'],
  },
  {
    memories: ['I passed my citizenship exam', 'My wife got her visa rejected', 'I became a citizen in October'],
    nothing: ['that I failed my citizenship exam', 'that my wife got her visa approved', 'that my wife became a citizen', 'that I became a citizen in December'],
    one: [['my citizenship exam', 'I passed my citizenship exam']],
  },
];
