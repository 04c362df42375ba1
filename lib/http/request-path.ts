/** Request header proxy.ts sets on page requests: the requested path and query ("/pairs?status=submitted"). */
export const REQUEST_PATH_HEADER = "x-snippet-lab-path";
