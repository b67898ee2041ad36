// Entry of module.js (seeded once; yours to edit): publish window["acme_map"].registry with one
// loader per component. Each loader returns a promise of { default: Component }, the form the
// contract recommends; the build inlines the imports, so module.js stays one classic script.
import { registerModule } from './contract';

registerModule({
  Widget: () => import('./components/Widget'),
  WidgetEditor: () => import('./components/WidgetEditor'),
  Settings: () => import('./components/Settings'),
});
