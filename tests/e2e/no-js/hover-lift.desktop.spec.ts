import { hoverLiftTests } from '#support/motion.ts';

hoverLiftTests('card hover lift without JavaScript');
