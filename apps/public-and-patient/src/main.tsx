import '@portal/ui/styles.css';
import { mountPortalApp, PortalApp } from '@portal/shell';
import { App, routeReady } from './app';

mountPortalApp(
  <PortalApp>
    <App />
  </PortalApp>,
  { scope: 'public', title: 'public.app.title' },
  routeReady,
);
