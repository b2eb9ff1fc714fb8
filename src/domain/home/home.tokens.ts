export const HOME_REPOSITORY = Symbol.for('home.HomeRepository');
export const HOME_SERVICE = Symbol.for('home.HomeService');
