/** The spend chart's line colours, shared by the chart and the legend beside it (no chart code). */
export const CHART_COLOURS = { actual: '#0b4f9c', target: '#c05600', projection: '#6a3d9a' } as const;
