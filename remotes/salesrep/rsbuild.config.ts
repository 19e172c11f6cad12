import { defineAppConfig } from '../../rsbuild.base';

export default defineAppConfig({
  name: 'ezy_salesrep',
  port: 8083,
  exposes: { './routes': './src/routes.tsx' },
});
