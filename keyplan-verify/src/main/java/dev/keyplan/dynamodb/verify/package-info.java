/**
 * {@code keyplan verify --store dynamodb}: the model's DynamoDB design created on a DynamoDB
 * endpoint (AWS, or dynalite for tests) through the AWS SDK for Java v2, loaded with items shaped
 * and sized as keyplan's analysis sizes them, every access pattern run as keyplan's plan says, and
 * the consumed capacity DynamoDB reports set beside keyplan's prediction. The entry point is {@link
 * dev.keyplan.dynamodb.verify.DynamoDbVerifier#run}; docs/verify-dynamodb.md says what is compared,
 * what is not, and why.
 */
package dev.keyplan.dynamodb.verify;
