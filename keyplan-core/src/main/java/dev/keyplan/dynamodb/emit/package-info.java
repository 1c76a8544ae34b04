/**
 * Writes an analysed DynamoDB design for {@code keyplan emit}: CreateTable and UpdateTimeToLive
 * input ({@link dev.keyplan.dynamodb.emit.CreateTableJson}), a CloudFormation template ({@link
 * dev.keyplan.dynamodb.emit.CloudFormationYaml}), Terraform ({@link
 * dev.keyplan.dynamodb.emit.TerraformHcl}), all three from one table definition, and a NoSQL
 * Workbench data model with a facet and sample items per item type ({@link
 * dev.keyplan.dynamodb.emit.WorkbenchJson}).
 */
package dev.keyplan.dynamodb.emit;
