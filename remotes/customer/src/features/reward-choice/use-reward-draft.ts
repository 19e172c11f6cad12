import { sameChoices, type RewardChoices } from '@promo/domain/selected-reward';
import { useCallback, useState } from 'react';

export interface RewardDraft {
  /** The saved choices with the unsaved edits on top, for the choosable targets. */
  choices: RewardChoices;
  setChoice: (targetNumber: number, prizeTitle: string) => void;
  /** Edits differ from what is saved. */
  dirty: boolean;
  discard: () => void;
}

/**
 * In the multi-target view edits are held unsaved until 'Update Selection'. Only the edits
 * are kept, so a saved selection arriving from the server shows through everywhere else. The page
 * owns the draft, so it survives switching between tracking and the promotion details.
 */
export function useRewardDraft(saved: RewardChoices, choosableTargets: readonly number[]): RewardDraft {
  const [edits, setEdits] = useState<Record<number, string>>({});
  const base: Record<number, string> = {};
  const choices: Record<number, string> = {};
  for (const target of choosableTargets) {
    const savedTitle = saved[target];
    if (savedTitle) base[target] = savedTitle;
    const title = edits[target] ?? savedTitle;
    if (title) choices[target] = title;
  }
  const setChoice = useCallback(
    (targetNumber: number, prizeTitle: string) =>
      setEdits((current) => ({ ...current, [targetNumber]: prizeTitle })),
    [],
  );
  const discard = useCallback(() => setEdits({}), []);
  return { choices, setChoice, dirty: !sameChoices(base, choices), discard };
}
