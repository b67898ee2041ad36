// Entry of module.js (seeded once; yours to edit): publish window["weather_station_telemetry_gateway_for_the_northern_coasts_region"].registry with one
// loader per component. Each loader returns a promise of { default: Component }, the form the
// contract recommends; the build inlines the imports, so module.js stays one classic script.
import { registerModule } from './contract';

registerModule({
  Widget: () => import('./components/Widget'),
  WidgetEditor: () => import('./components/WidgetEditor'),
  Settings: () => import('./components/Settings'),
});
