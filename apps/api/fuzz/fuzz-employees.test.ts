import { fuzzSuite } from './fuzz-suite';

fuzzSuite('employees');
