import { badInputSuite } from './bad-input';

// Part 1 of the bad-input suite (./bad-input.ts): the parts run on different Jest workers.
badInputSuite(1, 2);
