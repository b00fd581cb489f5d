import { badInputSuite } from './bad-input';

// Part 2 of the bad-input suite (./bad-input.ts): the parts run on different Jest workers.
badInputSuite(2, 2);
