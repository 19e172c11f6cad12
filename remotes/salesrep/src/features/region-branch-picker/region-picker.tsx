import {
  setAllRegionsSelected,
  setRegionSelected,
  type BranchSelection,
} from '@promo/domain/rep-branch-selection';
import type { Branch } from '@promo/domain/types';
import styles from './region-branch-picker.module.css';
import { SelectAllCheckbox } from './select-all-checkbox';

/**
 * docs/product-rules.md, 'Select Branches and My Branches': region checkboxes with Select All. Selecting a region selects all its
 * branches; deselecting removes them. Only the rep's allowed regions are offered.
 */
export function RegionPicker({
  regions,
  branches,
  selection,
  onChange,
}: {
  regions: readonly string[];
  branches: readonly Branch[];
  selection: BranchSelection;
  onChange: (next: BranchSelection) => void;
}) {
  const selected = regions.filter((region) => selection.selectedRegions.includes(region)).length;
  const branchCount = (region: string) => branches.filter((branch) => branch.region === region).length;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Regions</legend>
      {regions.length === 0 ? (
        <p className={styles.empty}>No regions are assigned to you. Please contact the Ezy Rewards team.</p>
      ) : (
        <>
          <SelectAllCheckbox
            selected={selected}
            total={regions.length}
            listName="regions"
            onChange={(all) => onChange(setAllRegionsSelected(all, regions, branches))}
          />
          <ul className={styles.list}>
            {regions.map((region) => (
              <li key={region}>
                <label className={styles.option}>
                  <input
                    type="checkbox"
                    checked={selection.selectedRegions.includes(region)}
                    onChange={(event) =>
                      onChange(setRegionSelected(selection, region, event.target.checked, branches))
                    }
                  />
                  <span>{region}</span>{' '}
                  <span className={styles.meta}>
                    {branchCount(region)} {branchCount(region) === 1 ? 'branch' : 'branches'}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
