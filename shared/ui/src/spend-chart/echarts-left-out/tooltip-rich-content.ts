import { leftOut } from './left-out';

// Stands in for echarts/lib/component/tooltip/TooltipRichContent.js: in a browser the tooltip is
// HTML (renderMode 'auto'); rich-text tooltips are for environments without a DOM.
export default class TooltipRichContent {
  constructor() {
    leftOut('rich-text tooltip');
  }
}
