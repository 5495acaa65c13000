import base, { localizedTexts } from '../../eslint.config.js';

export default [...base, localizedTexts(['src/**/*.tsx'])];
