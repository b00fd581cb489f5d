import { badInputSuite } from './bad-input';

// Part 3 of the bad-input suite (./bad-input.ts): the parts run on different Jest workers.
badInputSuite(3, 3);
