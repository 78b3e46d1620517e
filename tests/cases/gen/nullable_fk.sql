-- Issue 16: a nullable foreign key nobody reads splits no path (no referenced row is made for
-- it); read and branched on, or joined on, it is NULL on one path and a referenced row's key
-- on another.
CREATE TABLE team (id INT PRIMARY KEY, name VARCHAR(10) NOT NULL);
CREATE TABLE player (id INT PRIMARY KEY, team_id INT REFERENCES team (id), name VARCHAR(10) NOT NULL);
