-- Issue 16: a join on a nullable foreign key, then a callee that reads the key of each row
-- found (getInt, only copied). Before: the join's second branch on a club's name stalled
-- (comparing a string with itself made its codes), and the callee's composed case demanded
-- the key NULL (its own path's end had closed it so), so no row of the join survived.
CREATE TABLE clubs (club_id SERIAL PRIMARY KEY, club_name VARCHAR(10) NOT NULL);
CREATE TABLE members (member_id SERIAL PRIMARY KEY, club_id INTEGER REFERENCES clubs (club_id), nick VARCHAR(10) NOT NULL);
