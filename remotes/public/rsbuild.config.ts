import { defineAppConfig } from '../../rsbuild.base';

export default defineAppConfig({
  name: 'ezy_public',
  port: 8081,
  exposes: { './routes': './src/routes.tsx' },
});
