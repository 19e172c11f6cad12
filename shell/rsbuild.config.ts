import { defineAppConfig } from '../rsbuild.base';

export default defineAppConfig({ name: 'shell', port: 8080 });
