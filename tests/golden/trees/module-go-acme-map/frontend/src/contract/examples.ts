// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`

/** Example values from the contract spec, typed: use them in tests and previews. */
import type { ExternalModule, IField, IModuleWidgetData, IPalette, VariableValues } from './types';

/** The spec's example of ExternalModule. */
export const exampleExternalModule: ExternalModule = {
  id: '6650f1c2a9e4b3d2c1f0a987',
  name: 'demo-module',
  version: '1.0.0',
  baseUrl: 'http://127.0.0.1:8080',
  buildTimestamp: '2026-03-14T09:30:00.000Z',
  frontendHost: 'http://127.0.0.1:8080/',
  scope: 'demoModule',
  module: 'dashboard-widget',
  isActive: true,
  canAddToDashboard: true,
  entryPoint: 'static/demo-module.js',
  components: ['Widget', 'WidgetEditor', 'Settings'],
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-14T09:31:12.000Z',
  settings: { connections: [{ name: 'main', url: 'https://metrics.example.com' }] },
  title: [{ lang: 'ru-RU', value: 'Демо-модуль' }, { lang: 'en-US', value: 'Demo module' }],
  description: [
    { lang: 'en-US', value: 'Example dashboard module with a widget, an editor and settings' },
  ],
};

/** The spec's example of IPalette. */
export const exampleIPalette: IPalette = {
  _id: '6650f3d4a9e4b3d2c1f0a9b1',
  name: 'Ocean',
  colors: ['#0b3c5d', '#328cc1', '#d9b310', '#1d2731'],
  createdAt: '2026-02-10T08:15:00.000Z',
  updatedAt: '2026-02-12T16:40:00.000Z',
  createdBy: {
    _id: '6650f0a1a9e4b3d2c1f0a001',
    username: 'admin',
    email: 'admin@example.com',
    role: 'admin',
  },
  isEditable: false,
};

/** The spec's example of IModuleWidgetData. */
export const exampleIModuleWidgetData: IModuleWidgetData = {
  dashboardId: '6650f5e6a9e4b3d2c1f0ac10',
  title: 'CPU load',
  description: 'CPU load of the web servers',
  refreshTime: 30000,
  from: null,
  to: null,
  widgetType: 'module',
  createdAt: '2026-03-14T10:02:00.000Z',
  createdBy: '6650f0a1a9e4b3d2c1f0a001',
  moduleId: '6650f1c2a9e4b3d2c1f0a987',
  moduleData: { metric: 'cpu', chartType: 'line', thresholds: [70, 90] },
};

/** The spec's example of IField. */
export const exampleIField: IField = {
  title: 'Title',
  name: 'title',
  rules: { required: true },
  defaultValue: '',
  props: { placeholder: 'Widget title' },
  controlWidth: null,
  requiredMark: true,
  helpText: 'Shown above the widget',
};

/** The spec's example of VariableValues. */
export const exampleVariableValues: VariableValues = {
  region: 'eu-west',
  hosts: ['web-1', 'web-2'],
  limit: 100,
  service: null,
};
