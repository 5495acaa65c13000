import { setProjectAnnotations } from '@storybook/react-vite';
import '@testing-library/jest-dom/vitest';
import preview from '../preview';

// The stories' preview (loaders: MSW, the API layer, the forms' rules, the catalogues).
setProjectAnnotations(preview);
