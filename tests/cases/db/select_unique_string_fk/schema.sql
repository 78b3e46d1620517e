CREATE TABLE user_role (id INT PRIMARY KEY);
CREATE TABLE user_account (id INT PRIMARY KEY, email VARCHAR(3) UNIQUE, name VARCHAR(3), role_id INT NOT NULL REFERENCES user_role (id));
