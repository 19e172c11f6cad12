import { defineAppConfig } from '../../rsbuild.base';

export default defineAppConfig({
  name: 'ezy_customer',
  port: 8082,
  exposes: { './routes': './src/routes.tsx' },
});
