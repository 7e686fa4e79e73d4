import axios from 'axios';

/**
 * The CEP service's HTTP client, not the API's: no interceptors, so neither the bearer token (a third
 * party must never receive it) nor the sign-out on 401. No timeout, as every HTTP call of the product
 * (product-spec §9). Its own module so tests can replace its transport.
 */
export const cepClient = axios.create({ timeout: 0, withCredentials: false });
