// The precision probe's fourth part (round 13, `--part fresh3` of bench/forget-precision-probe.ts): 24 small
// stores written before round 13 changed any code and before its wrong deletions were read, as people talk,
// on topics and names the other parts and the labelled set do not use. The "nothing" requests are about
// something NOT stored, one step from a memory: another relative (half-sister / half-brother, mother /
// stepmother), another time (last April / in April, Sundays / Fridays), a plan against a deed (planning a
// trip / the trip we took, wants a tattoo / got one), a part of a thing (the strap / the battery of a
// watch), a different amount (50 / 20 euros), a role reversed (gave me / I gave), lease against own, a fear
// against what happened, and others. The "one" requests mean exactly one memory and must delete it.
// Scored untouched once, committed before any fix: held out.
import type { ProbeStore } from './forget-probe-store.ts';

export const FRESH3_PROBE_STORES: ProbeStore[] = [
  {
    memories: ['I got a tattoo of a lighthouse on my forearm', 'My sister Freya wants a tattoo of a rose', 'The tattoo studio on King Street closed down'],
    nothing: ['the tattoo on my ankle', 'that Freya got a rose tattoo', 'that I want a lighthouse tattoo', 'the tattoo studio on Queen Street'],
    one: [['my lighthouse tattoo', 'I got a tattoo of a lighthouse on my forearm']],
  },
  {
    memories: ['I bake sourdough bread every Sunday', 'My husband burnt the croissants last Easter', 'My stepmother taught me to make bagels'],
    nothing: ['that I bake sourdough every day', 'that I burnt the croissants', 'that my mother taught me to make bagels', 'that I burnt the bagels at Christmas'],
    one: [['my Sunday sourdough', 'I bake sourdough bread every Sunday']],
  },
  {
    memories: ['We spent 18,000 euros on the wedding', 'My in-laws gave us 5,000 euros toward the wedding', 'The caterer charged 40 euros a head'],
    nothing: ['the 30,000 euros we spent on the house', 'that my parents gave us money for the wedding', 'that the caterer charged 60 euros a head', 'that we borrowed money for the wedding'],
    one: [['the money my in-laws gave us for the wedding', 'My in-laws gave us 5,000 euros toward the wedding']],
  },
  {
    memories: ['I get migraines when I skip breakfast', 'My neurologist is Dr Amara Okafor', 'My daughter had a concussion from hockey'],
    nothing: ['that my daughter gets migraines', 'that I had a concussion', 'my neurologist Dr Lindqvist', 'that I get migraines from red wine'],
    one: [['my migraines', 'I get migraines when I skip breakfast']],
  },
  {
    memories: ['We are planning a trip to Seville in April', 'I went to Marseille for work last year', 'My cousin Pablo lives in Valencia'],
    nothing: ['our trip to Seville last April', 'that I went to Marseille on holiday', 'that Pablo moved to Seville', 'that we cancelled the Seville trip'],
    one: [['the Seville trip we are planning', 'We are planning a trip to Seville in April']],
  },
  {
    memories: ['The screen on my tablet is cracked', 'The battery in my watch died', 'I dropped my camera in the lake'],
    nothing: ['that my tablet was stolen', 'the cracked screen on my phone', 'the strap of my watch', 'that I dropped my camera on the stairs'],
    one: [['my cracked tablet', 'The screen on my tablet is cracked']],
  },
  {
    memories: ['I volunteer at the food bank on Thursdays', 'My son Kofi helps out at the animal shelter', 'I stopped volunteering at the library in 2020'],
    nothing: ['that I volunteer at the animal shelter', 'that Kofi volunteers at the food bank', 'that I still volunteer at the library', 'that I volunteer at the food bank on Mondays'],
    one: [['the food bank', 'I volunteer at the food bank on Thursdays']],
  },
  {
    memories: ['I sing in a choir on Tuesday nights', 'My husband Henrik plays drums in a band', 'I quit the orchestra after one season'],
    nothing: ['that Henrik sings in a choir', 'that I play drums', 'that I joined the orchestra', 'that I sing in a band'],
    one: [['quitting the orchestra', 'I quit the orchestra after one season']],
  },
  {
    memories: ['I have to appear in small claims court in June', 'My wife got a parking fine in Bristol', 'I was called for jury duty next month'],
    nothing: ['that my wife has to go to court', 'that I got a parking fine in Bristol', 'that I did jury duty last year', 'the parking fine in Cardiff'],
    one: [['the thing about small claims court', 'I have to appear in small claims court in June']],
  },
  {
    memories: ['I give my son 20 euros pocket money a week', 'My daughter earns 400 euros a month babysitting', 'I spent 90 euros on her school books'],
    nothing: ['the 50 euros pocket money', 'that my son earns money babysitting', 'that I give my daughter pocket money', 'the 90 euros I spent on shoes'],
    one: [['my son\'s pocket money', 'I give my son 20 euros pocket money a week']],
  },
  {
    memories: ['My godson Bram is getting baptised in May', 'My half-brother Dmitri lives in Tallinn', 'My great-aunt Agnes turned ninety'],
    nothing: ['that my godson is getting married', 'that my half-sister lives in Tallinn', 'that my great-aunt Agnes died', 'that my grandmother turned ninety'],
    one: [['Agnes turning ninety', 'My great-aunt Agnes turned ninety']],
  },
  {
    memories: ['I am terrified of losing my job', 'My friend Ines lost her job in the layoffs', 'I worry about my mother driving at night'],
    nothing: ['that I lost my job', 'that Ines is terrified of losing her job', 'the stuff about my mum crashing the car', 'that I worry about my father driving'],
    one: [['my fear of losing my job', 'I am terrified of losing my job']],
  },
  {
    memories: ['Our parrot Kiwi can say hello', 'The goldfish died while we were on holiday', 'My neighbour Olga feeds our parrot when we travel'],
    nothing: ['that Kiwi bit me', 'that the parrot died while we were on holiday', 'that I feed Olga\'s parrot', 'that Olga walks our dog'],
    one: [['the goldfish that died', 'The goldfish died while we were on holiday']],
  },
  {
    memories: ['I am doing a master\'s in data science part-time', 'My wife finished her PhD in chemistry', 'I dropped my statistics course in the first year'],
    nothing: ['that I finished my master\'s', 'that my wife is doing a PhD in physics', 'that I am doing a PhD', 'that I failed my statistics course'],
    one: [['my part-time master\'s', 'I am doing a master\'s in data science part-time']],
  },
  {
    memories: ['We had solar panels installed on the roof in July', 'The boiler is twenty years old', 'Our gas supplier is raising prices in January'],
    nothing: ['that we had a heat pump installed', 'that the solar panels broke', 'that the boiler is new', 'that our electricity supplier is raising prices'],
    one: [['the solar panels', 'We had solar panels installed on the roof in July']],
  },
  {
    memories: ['I broke my toe kicking the bed', 'My son Yusuf needed stitches in his chin', 'I go bouldering with Teodor on Fridays'],
    nothing: ['that I broke my finger', 'that I needed stitches', 'that Yusuf broke his toe', 'that I go bouldering with Teodor on Sundays'],
    one: [['the broken toe', 'I broke my toe kicking the bed']],
  },
  {
    memories: ['I present at the sales conference in Lyon next week', 'My manager Ingrid gave me a bad review', 'Our team missed the deadline in March'],
    nothing: ['what I said about presenting in Lyon last year', 'that I gave Ingrid a bad review', 'that our team met the deadline', 'the conference in Antwerp'],
    one: [['the bad review from Ingrid', 'My manager Ingrid gave me a bad review']],
  },
  {
    memories: ['My husband gave me a necklace for our anniversary', 'I gave my mother earrings for her birthday', 'My brother forgot my birthday again'],
    nothing: ['that I gave my husband a necklace', 'that my mother gave me earrings', 'that I forgot my brother\'s birthday', 'the bracelet for our anniversary'],
    one: [['the anniversary necklace', 'My husband gave me a necklace for our anniversary']],
  },
  {
    memories: ['I have coeliac disease', 'My partner Ravi is lactose intolerant', 'I tried fasting for a month in 2023'],
    nothing: ['that Ravi has coeliac disease', 'that I am lactose intolerant', 'that I tried fasting in 2021', 'that I have diabetes'],
    one: [['that Ravi cannot have milk', 'My partner Ravi is lactose intolerant']],
  },
  {
    memories: ['The storm blew a tree onto our shed', 'Our basement flooded in 2021', 'The insurance paid for the new fence'],
    nothing: ['that the storm damaged our roof', 'that our basement flooded in 2023', 'that the insurance refused to pay for the fence', 'that the storm blew a tree onto the neighbour\'s car'],
    one: [['the flooded basement', 'Our basement flooded in 2021']],
  },
  {
    memories: ['I knitted a scarf for my granddad', 'My aunt Beatriz sells pottery at the market', 'I bought a sewing machine in the sales'],
    nothing: ['that I bought a scarf for my granddad', 'that I knitted a hat for my granddad', 'that Beatriz sells scarves at the market', 'that I sold my sewing machine'],
    one: [['Beatriz\'s pottery stall', 'My aunt Beatriz sells pottery at the market']],
  },
  {
    memories: ['I fell out with my friend Chloe over money', 'Chloe\'s brother is getting married in Edinburgh', 'I was a bridesmaid at my cousin\'s wedding'],
    nothing: ['that I made up with Chloe', 'that Chloe is getting married in Edinburgh', 'that I fell out with my cousin', 'that I was a bridesmaid at Chloe\'s wedding'],
    one: [['my falling-out with Chloe', 'I fell out with my friend Chloe over money']],
  },
  {
    memories: ['My toddler said her first word last night', 'Our eldest, Zara, is starting secondary school in September', 'Our middle child is learning to swim'],
    nothing: ['that Zara said her first word', 'that our toddler is learning to swim', 'that Zara started primary school', 'that our middle child learned to ride a bike'],
    one: [['the baby\'s first word', 'My toddler said her first word last night']],
  },
  {
    memories: ['I lease an electric car through work', 'My wife wants to buy a camper van', 'The car failed its inspection because of the brakes'],
    nothing: ['that we bought a camper van', 'that I own an electric car', 'that the car failed its inspection because of the tyres', 'that my wife leases a car'],
    one: [['the failed car inspection', 'The car failed its inspection because of the brakes']],
  },
];
