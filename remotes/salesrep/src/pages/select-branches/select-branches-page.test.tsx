import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBranches } from '@promo/domain/testing/data-generators';
import { apiError, expectFrame, mockApi } from '@promo/ui/testing';
import { renderRep } from '../../testing/render-rep';

/** The page, apart from the shell's toasts (their live regions are a status and an alert too). */
const page = () => within(screen.getByTestId('page'));

const saved = () => JSON.parse(localStorage.getItem(SAVED_SELECTION_KEY) ?? '{}') as Record<string, unknown>;

beforeEach(() => {
  mockApi({ 'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }] });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function openPage() {
  renderRep('/salesrep/select-branches');
  return {
    regions: await screen.findByRole('group', { name: 'Regions' }),
    branches: screen.getByRole('group', { name: 'Branches' }),
  };
}

describe('Select Branches', () => {
  it('offers only the regions in the rep’s allowedRegions', async () => {
    const { regions } = await openPage();
    await expectFrame('Select Branches');
    const boxes = within(regions).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent)).toEqual([
      'Select All regions',
      'Auckland 2 branches',
      'Waikato 2 branches',
    ]);
    expect(screen.queryByText('Otago')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Branches' })).getByText(
        'Select a region to see its branches.',
      ),
    ).toBeInTheDocument();
  });

  it('selects all of a region’s branches with the region, and removes them with it', async () => {
    const user = userEvent.setup();
    const { regions, branches } = await openPage();
    await user.click(within(regions).getByRole('checkbox', { name: /Auckland/ }));
    expect(within(branches).getByRole('checkbox', { name: /Autolign Penrose/ })).toBeChecked();
    expect(within(branches).getByRole('checkbox', { name: /BNT East Tāmaki/ })).toBeChecked();
    expect(within(branches).queryByRole('checkbox', { name: /Hamilton/ })).not.toBeInTheDocument();
    expect(page().getByRole('status')).toHaveTextContent('2 branches selected');
    expect(saved()).toMatchObject({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102'] });

    await user.click(within(regions).getByRole('checkbox', { name: /Auckland/ }));
    expect(saved()).toMatchObject({ selectedRegions: [], selectedBranchIds: [] });
    expect(page().getByRole('status')).toHaveTextContent('0 branches selected');
  });

  it('selects every region and branch with Select All, and clears them again', async () => {
    const user = userEvent.setup();
    const { regions, branches } = await openPage();
    await user.click(within(regions).getByRole('checkbox', { name: 'Select All regions' }));
    expect(within(regions).getByRole('checkbox', { name: /Waikato/ })).toBeChecked();
    expect(within(branches).getAllByRole('checkbox', { checked: true })).toHaveLength(5);
    expect(saved()).toMatchObject({ selectedBranchIds: ['101', '102', '201', '202'] });
    await user.click(within(regions).getByRole('checkbox', { name: 'Select All regions' }));
    expect(saved()).toMatchObject({ selectedRegions: [], selectedBranchIds: [] });
  });

  it('filters the branches by name or code, and Select All acts on the listed ones', async () => {
    const user = userEvent.setup();
    const { regions, branches } = await openPage();
    await user.click(within(regions).getByRole('checkbox', { name: 'Select All regions' }));
    const search = within(branches).getByRole('searchbox', { name: 'Search branch name or code' });

    await user.type(search, 'wko2');
    expect(
      within(branches)
        .getAllByRole('checkbox', { name: /BNT|Autolign/ })
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['BNT Te Rapa WKO2']);
    await user.clear(search);
    await user.type(search, 'autolign');
    expect(within(branches).getAllByRole('checkbox', { name: /BNT|Autolign/ })).toHaveLength(2);
    await user.click(within(branches).getByRole('checkbox', { name: 'Select All listed branches' }));
    expect(saved()).toMatchObject({ selectedBranchIds: ['102', '202'] });

    await user.clear(search);
    await user.type(search, 'nowhere');
    expect(within(branches).getByText('No branches match “nowhere”.')).toBeInTheDocument();
  });

  it('asks for a branch before going to the dashboard, then goes', async () => {
    const user = userEvent.setup();
    const { branches, regions } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(page().getByRole('alert')).toHaveTextContent('Select at least one branch to see its customers.');
    await user.click(within(regions).getByRole('checkbox', { name: /Waikato/ }));
    await user.click(within(branches).getByRole('checkbox', { name: /Hamilton/ }));
    expect(saved()).toMatchObject({ selectedRegions: ['Waikato'], selectedBranchIds: ['202'] });
    // The dashboard it goes to lists the current promotions: none here.
    mockApi({ 'GET /promotion/get': () => [] });
    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Current Promotions' })).toBeInTheDocument();
    await expectFrame('Home');
  });

  it('keeps a saved selection, without what the rep may no longer see', async () => {
    localStorage.setItem(
      SAVED_SELECTION_KEY,
      JSON.stringify({ selectedRegions: ['Waikato', 'Otago'], selectedBranchIds: ['201', '901'] }),
    );
    const { regions, branches } = await openPage();
    expect(within(regions).getByRole('checkbox', { name: /Waikato/ })).toBeChecked();
    expect(within(branches).getByRole('checkbox', { name: /Hamilton/ })).toBeChecked();
    expect(within(branches).getByRole('checkbox', { name: /Te Rapa/ })).not.toBeChecked();
    expect(page().getByRole('status')).toHaveTextContent('1 branch selected');
  });

  it('offers a retry when the branches cannot be loaded', async () => {
    vi.unstubAllGlobals();
    let fail = true;
    mockApi({
      'GET /configuration/get': () =>
        fail ? apiError(500, 'Down') : [{ id: 'branch.details', value: buildBranches() }],
    });
    const user = userEvent.setup();
    renderRep('/salesrep/select-branches');
    expect(
      await screen.findByRole('heading', { name: 'Your branches could not be loaded' }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Regions' })).toBeInTheDocument();
  });
});
