-- ../shared/findings/realcode/mysqlddl: a MySQL table whose DDL H2 rejects; the tests build it from the model.
CREATE TABLE item (id INT(10) UNSIGNED NOT NULL, name VARCHAR(20), PRIMARY KEY (id)) ENGINE=MyISAM;
