// The real @tanstack/react-query under a name Module Federation does not share (an alias in
// rsbuild.base.ts points it at the package's ES build), so react-query-subset.ts can re-export it.
declare module '@promo/tanstack-react-query' {
  export * from '@tanstack/react-query';
}
