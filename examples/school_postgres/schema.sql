-- A school's teams and players, in PostgreSQL's dialect: the key columns share their names
-- across tables (team_id, player_id), as code written with NATURAL JOIN and USING expects.

CREATE TABLE team (
    team_id SERIAL PRIMARY KEY,
    team_name VARCHAR(10) NOT NULL
);

CREATE TABLE player (
    player_id SERIAL PRIMARY KEY,
    team_id INTEGER REFERENCES team (team_id),
    name VARCHAR(25) NOT NULL
);

CREATE TABLE score (
    id SERIAL PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES player (player_id),
    points INTEGER NOT NULL
);
