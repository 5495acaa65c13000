import { fuzzSuite } from './fuzz-suite';

fuzzSuite('patients');
