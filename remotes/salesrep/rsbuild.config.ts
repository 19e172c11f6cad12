import { defineAppConfig } from '../../rsbuild.base';

export default defineAppConfig({
  name: 'ezy_salesrep',
  port: 8083,
  exposes: { './routes': './src/routes.tsx' },
  // The promotion page and its views (src/pages/promotion/promotion-views.ts) start together.
  openTogether: { page: 'promo', chunks: /^promo(-rollup|-customer|-table)?$/ },
});
