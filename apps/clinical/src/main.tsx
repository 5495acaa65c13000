import '@portal/ui/styles.css';
import { mountPortalApp, PortalApp } from '@portal/shell';
import { App, routeReady, section } from './app';

mountPortalApp(
  <PortalApp section={section}>
    <App />
  </PortalApp>,
  { scope: 'clinical', title: 'clinical.app.title' },
  routeReady,
);
