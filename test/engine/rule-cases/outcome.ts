// A repetition's outcome by colour, and the same for the mirror image of the case.
export type Outcome = 'red loses' | 'black loses' | 'draw';

export function mirrorOutcome(outcome: Outcome): Outcome {
  if (outcome === 'draw') return outcome;
  return outcome === 'red loses' ? 'black loses' : 'red loses';
}
