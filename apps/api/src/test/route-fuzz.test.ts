import { fuzzRoutes } from './route-fuzz.ts';

// Part 1 of the route table's fuzzing (route-fuzz.ts): the routes are split over three files so both workers share it.
await fuzzRoutes(1);
