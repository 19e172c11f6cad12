import { formatBuildDate } from './build-date.rules';

/** The running version's build date (docs/product-rules.md, 'App updates'), from __BUILD_DATE__. */
export function BuildDateLabel({ className }: { className?: string }) {
  return (
    <p className={className} data-testid="build-date">
      Version of <time dateTime={__BUILD_DATE__}>{formatBuildDate(__BUILD_DATE__)}</time>
    </p>
  );
}
