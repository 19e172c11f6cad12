import type { ReactNode } from 'react';

/** One figure of a stats list (`<dl>`): its name over its value. */
export function Figure({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
