(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-30.js"]={"2016":"du/","2018":"ev/`/","2019":"ev/ik/","2020":"du/","2021":"op/mo/","2048":"yu/"};
