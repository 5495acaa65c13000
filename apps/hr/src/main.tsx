import '@portal/ui/styles.css';
import { mountPortalApp, PortalApp } from '@portal/shell';
import { App, routeReady, section } from './app';

mountPortalApp(
  <PortalApp section={section}>
    <App />
  </PortalApp>,
  { scope: 'hr', title: 'hr.app.title' },
  routeReady,
);
