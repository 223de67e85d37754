import { toThirdPerson } from '../nlp/third-person.ts';

/** Addressing the agent about itself: its name, its role, how it should behave. */
export const ABOUT_THE_AGENT = /\b(your name|you are|you're|yourself|i want you to|i'd like you to|you should (always|never)|always answer|never answer|from now on)\b/i;
/** Moments of trust and shared context between the person and the agent. */
export const TRUST_MOMENT =
  /\b(trust you|(haven't|have not|never) told anyone|only (told|telling) you|between (us|you and me)|means a lot|you (really )?helped( me)?|thank you for (listening|being there|your patience)|i('m| am) (so )?(scared|afraid|ashamed|embarrassed)|hard for me to (say|admit))\b/i;
/** What the person asks of the agent, as opposed to remarks about "you" ("you're doing great"). */
export const INSTRUCTION_TO_THE_AGENT = /\b(your name|i want you to|i'd like you to|you should (always|never)|always answer|never answer|from now on)\b/i;
/** A confidence, as opposed to thanks ("your support means a lot"): trust, a secret, a fear. */
export const CONFIDENCE =
  /\b(trust you|(haven't|have not|never) told anyone|only (told|telling) you|between (us|you and me)|i('m| am) (so )?(scared|afraid|ashamed|embarrassed)|hard for me to (say|admit))\b/i;
/** The agent saying who it is. */
export const AGENT_SELF_STATEMENT = /\b(my name is|i am your|i'm your|call me)\b/i;

/**
 * A sentence retold about the person and the agent in the third person, so a
 * memory reads the same whoever reads it later ("I want you to..." →
 * "User wants the agent to...").
 *
 * @example
 * retell('I want you to always answer briefly') // 'User wants the agent to always answer briefly'
 * retell('Thank you, you helped me', { quoteUnlessRetold: true }) // 'User told the agent: "Thank you, you helped me"'
 */
export function retell(sentence: string, options: { quoteUnlessRetold?: boolean } = {}): string {
  const text = sentence.trim().replace(/[.!]+$/, '');
  const thirdPerson = toThirdPerson(text);
  // Thanks and asides do not survive a mechanical rewrite; quoted, they keep their voice.
  if (thirdPerson === undefined && options.quoteUnlessRetold) return `User told the agent: "${text}"`;
  const told = thirdPerson ?? text.replace(/\bI am\b|\bI'm\b/g, 'User is').replace(/\bI\b/g, 'User').replace(/\bmy\b/gi, "User's").replace(/\bme\b/gi, 'User');
  const retold = told
    .replace(/\byou are\b|\byou're\b/gi, 'the agent is')
    .replace(/\byourself\b/gi, 'itself')
    .replace(/\byour\b/gi, "the agent's")
    .replace(/\byou\b/gi, 'the agent')
    .replace(/\bme\b/g, 'User');
  return retold.charAt(0).toUpperCase() + retold.slice(1);
}

/** The agent's own statement retold in the third person ("My name is Juno" → "The agent's name is Juno"). */
export function retellAgent(sentence: string): string {
  return sentence
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\bI am\b|\bI'm\b/g, 'The agent is')
    .replace(/\bmy\b/gi, "the agent's")
    .replace(/\bcall me\b/gi, 'the agent is called')
    .replace(/\bI\b/g, 'The agent')
    .replace(/^the/, 'The');
}
