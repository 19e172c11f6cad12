import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBranches } from '@promo/domain/testing/data-generators';
import { expectFrame, mockApi } from '@promo/ui/testing';
import { renderRep } from '../../testing/render-rep';

/** The page, apart from the shell's toasts (their live regions are a status and an alert too). */
const page = () => within(screen.getByTestId('page'));

const saved = () => JSON.parse(localStorage.getItem(SAVED_SELECTION_KEY) ?? '{}') as Record<string, unknown>;
const save = (selection: object) => localStorage.setItem(SAVED_SELECTION_KEY, JSON.stringify(selection));

beforeEach(() => {
  mockApi({ 'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }] });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('My Branches', () => {
  it('lists the selected branches with a way to the region selection and the dashboard', async () => {
    save({ selectedRegions: ['Auckland', 'Waikato'], selectedBranchIds: ['201', '101'] });
    renderRep('/salesrep/my-branches');
    expect(await screen.findByRole('heading', { name: '2 selected branches' })).toBeInTheDocument();
    await expectFrame('My Branches');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Autolign Penrose AKL1 · Auckland',
      'Autolign Hamilton WKO1 · Waikato',
    ]);
    expect(screen.getByRole('link', { name: 'Go to Division/Region/Branches' })).toHaveAttribute(
      'href',
      '/salesrep/select-branches',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/salesrep');
  });

  it('removes a branch with its remove icon, saves it and announces it', async () => {
    save({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102'] });
    const user = userEvent.setup();
    renderRep('/salesrep/my-branches');
    await user.click(await screen.findByRole('button', { name: 'Remove Autolign Penrose' }));
    expect(screen.queryByRole('button', { name: 'Remove Autolign Penrose' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 selected branch' })).toBeInTheDocument();
    expect(page().getByRole('status')).toHaveTextContent('Autolign Penrose removed.');
    expect(saved()).toMatchObject({ selectedRegions: ['Auckland'], selectedBranchIds: ['102'] });
  });

  it('sends the rep to Select Branches once the last branch is removed', async () => {
    save({ selectedRegions: ['Waikato'], selectedBranchIds: ['202'] });
    const user = userEvent.setup();
    renderRep('/salesrep/my-branches');
    await user.click(await screen.findByRole('button', { name: 'Remove BNT Te Rapa' }));
    expect(await screen.findByRole('group', { name: 'Regions' })).toBeInTheDocument();
    expect(saved()).toMatchObject({ selectedRegions: [], selectedBranchIds: [] });
  });

  it('sends the rep to Select Branches when nothing is selected', async () => {
    renderRep('/salesrep/my-branches');
    expect(await screen.findByRole('group', { name: 'Regions' })).toBeInTheDocument();
    await expectFrame('Select Branches');
  });
});
