CREATE TABLE team (team_id INT PRIMARY KEY, team_name VARCHAR(20) NOT NULL, city VARCHAR(20));
CREATE TABLE player (player_id INT PRIMARY KEY, team_id INT REFERENCES team(team_id), name VARCHAR(20) NOT NULL, city VARCHAR(20));
CREATE TABLE score (player_id INT NOT NULL, team_id INT NOT NULL, points INT NOT NULL);
CREATE TABLE label (team_id VARCHAR(10) NOT NULL);
