import { listedBranches } from '@promo/domain/rep/branch-list.rules';
import {
  setBranchesSelected,
  setBranchSelected,
  type BranchSelection,
} from '@promo/domain/rep/branch-selection.rules';
import type { Branch } from '@promo/domain/types';
import { TextField } from '@promo/ui/text-field';
import { useState } from 'react';
import styles from './region-branch-picker.module.css';
import { SelectAllCheckbox } from './select-all-checkbox';

/**
 * docs/product-rules.md, 'Select Branches and My Branches': the branches of the selected regions, filtered by search text (branch
 * name or code), each with a checkbox, and a Select All for the listed branches.
 */
export function BranchPicker({
  branches,
  selection,
  onChange,
}: {
  branches: readonly Branch[];
  selection: BranchSelection;
  onChange: (next: BranchSelection) => void;
}) {
  const [searchText, setSearchText] = useState('');
  const listed = listedBranches(branches, selection.selectedRegions, searchText);
  const selectedIds = new Set(selection.selectedBranchIds);
  const listedSelected = listed.filter((branch) => selectedIds.has(branch.branchID)).length;
  const byRegion = new Map<string, Branch[]>();
  for (const branch of listed) byRegion.set(branch.region, [...(byRegion.get(branch.region) ?? []), branch]);

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Branches</legend>
      <TextField
        label="Search branch name or code"
        type="search"
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        disabled={selection.selectedRegions.length === 0}
      />
      {selection.selectedRegions.length === 0 ? (
        <p className={styles.empty}>Select a region to see its branches.</p>
      ) : listed.length === 0 ? (
        <p className={styles.empty} role="status">
          No branches match “{searchText.trim()}”.
        </p>
      ) : (
        <>
          <SelectAllCheckbox
            selected={listedSelected}
            total={listed.length}
            listName={searchText.trim() ? 'listed branches' : 'branches'}
            onChange={(all) => onChange(setBranchesSelected(selection, listed, all))}
          />
          {[...byRegion].map(([region, regionBranches]) => (
            <div key={region} role="group" aria-labelledby={`region-${slug(region)}`}>
              <h3 id={`region-${slug(region)}`} className={styles.regionHeading}>
                {region}
              </h3>
              <ul className={styles.list}>
                {regionBranches.map((branch) => (
                  <li key={branch.branchID}>
                    <label className={styles.option}>
                      <input
                        type="checkbox"
                        checked={selectedIds.has(branch.branchID)}
                        onChange={(event) =>
                          onChange(setBranchSelected(selection, branch, event.target.checked))
                        }
                      />
                      <span>{branch.branchName}</span> <span className={styles.meta}>{branch.branch}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </fieldset>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
