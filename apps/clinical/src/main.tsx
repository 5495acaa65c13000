import '@portal/ui/styles.css';
import { mountPortalApp, PortalDataApp } from '@portal/shell';
import { App } from './app';

// A data router: leaving a form with unsaved changes inside the app asks first (issue 12).
mountPortalApp(
  <PortalDataApp>
    <App />
  </PortalDataApp>,
);
