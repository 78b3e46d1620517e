-- Statements about the server's databases and the session, as real schema files start:
-- each is a warning naming it, never an error, and the tables after them are kept.
create database shop-app;
use shop-app;
CREATE DATABASE shop;
\c shop
SET NAMES utf8mb4;
SET @@weird := 1 ++;
DROP TABLE IF EXISTS item;
CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL);
INSERT INTO item (id, name) VALUES (1, 'seed');
