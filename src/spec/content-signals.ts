/** What the offline analyzers read out of a piece of text. Each is a yes/no signal. */
export interface ContentSignals {
  /** "remember this", "don't forget", "keep in mind" */
  explicitRemember: boolean;
  /** feelings, fear, love, grief, shame, being overwhelmed */
  emotional: boolean;
  /** likes, dislikes, favourites, "I prefer" */
  preference: boolean;
  /** "I am a ...", "my name is", "I live in", "I work as" */
  identity: boolean;
  /** "we decided", "I'll go with", "let's use" */
  decision: boolean;
  /** project, deadline, release, client, deploy, sprint */
  projectWork: boolean;
  /** "by the way", "oh and", "random thought", "btw" */
  passingMention: boolean;
  /** never, always, absolutely, at all */
  absolute: boolean;
  /** nightmare, broke, lost, cost us, disaster */
  consequence: boolean;
}
