/**
 * Rules of the cost category, on DynamoDB's capacity and bill: attribute names long enough to cost
 * real money on a high-volume item type, and provisioned capacity below what the patterns need.
 */
package dev.keyplan.check.cost;
